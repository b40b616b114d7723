import { LoadingOutlined } from '@ant-design/icons';
import type { CommandState } from '@ems/contract/api/device-commands';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tag colour of each state: waiting blue, the device's yes green, its no or a lapse red or grey. */
const COLOR: Record<CommandState, string> = {
  queued: 'default',
  sent: 'processing',
  applied: 'cyan',
  failed: 'error',
  timedOut: 'warning',
  expired: 'default',
  verified: 'success',
};

/** States in which the tab waits for the device (a spinner turns beside the state). */
const WAITING: ReadonlySet<CommandState> = new Set(['queued', 'sent']);

/**
 * A command's state in words (docs/commands.md states), with a spinner while the device has not answered
 * yet (queued, sent); applied waits for the report that verifies it, without a spinner.
 */
export function CommandStateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={COLOR[state]}
      icon={WAITING.has(state) ? <LoadingOutlined spin aria-hidden /> : undefined}
      data-testid="command-state"
      data-state={state}
    >
      {t(`deviceParams.state.${state}`)}
    </Tag>
  );
}
