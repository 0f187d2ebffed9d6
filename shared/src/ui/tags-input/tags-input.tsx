import { TagsInput as MantineTagsInput, type TagsInputProps as MantineTagsInputProps } from '@mantine/core';

/** Characters that end a tag while typing or pasting (spec section 9: comma). */
export const TAG_DELIMITERS = [','];

/** Props of TagsInput. */
export interface TagsInputProps extends Omit<MantineTagsInputProps, 'splitChars' | 'maxTags'> {
  /** Current tags (controlled). */
  value?: string[];
  /** Called with the new tags. */
  onChange?: (value: string[]) => void;
}

/** A field that turns comma-separated text into tags; no maximum number of tags. */
export function TagsInput(props: TagsInputProps) {
  return <MantineTagsInput splitChars={TAG_DELIMITERS} clearable {...props} />;
}
