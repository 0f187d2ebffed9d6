import { Group, Text } from '@portal/shared/ui';

/** Props of StepList. */
export interface StepListProps {
  /** Translated step titles, in order. */
  steps: string[];
  /** Index of the current step. */
  current: number;
  /** Accessible name of the list. */
  label: string;
}

/** Where the user is in a multi-step form: an ordered list with the current step marked. */
export function StepList({ steps, current, label }: StepListProps) {
  return (
    <Group component="ol" aria-label={label} gap="lg" mb="lg" style={{ listStyle: 'none', padding: 0 }}>
      {steps.map((title, index) => (
        <li key={title} aria-current={index === current ? 'step' : undefined} data-done={index < current || undefined}>
          <Text variant={index === current ? 'heading' : 'body'} component="span">
            {index + 1}. {title}
          </Text>
        </li>
      ))}
    </Group>
  );
}
