import { FormattedMessage } from 'react-intl';
import { Button, Group, Stack, Text, closeDialog } from '@portal/shared/ui';

/** A dialog body: a message and buttons, the last being the primary action. */
export interface ActionDialogProps {
  triggerId: string;
  /** Message id of the text. */
  bodyId: string;
  /** Message id and handler of each button, secondary ones first. */
  actions: { labelId: string; onClick?: () => void }[];
}

/** Body of the simple dialogs: every button closes the dialog, then does its action. */
export function ActionDialog({ triggerId, bodyId, actions }: ActionDialogProps) {
  return (
    <Stack>
      <Text>
        <FormattedMessage id={bodyId} />
      </Text>
      <Group justify="flex-end">
        {actions.map((action, i) => (
          <Button
            key={action.labelId}
            variant={i === actions.length - 1 ? 'default' : 'outline'}
            onClick={() => {
              closeDialog(triggerId);
              action.onClick?.();
            }}
          >
            <FormattedMessage id={action.labelId} />
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
