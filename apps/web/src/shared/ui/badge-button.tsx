import { Badge, Button } from 'antd';
import type { ReactNode } from 'react';
import './badge-button.css';

/**
 * A top-bar icon button with a count (spec §2 badges: friend requests, site shares, current alarms).
 * The count sits inside the button, so the whole badge opens its dialog: a click or tap on the number
 * ("90", "99+") is a click on the button, and Enter or Space on the focused button does the same.
 * `overflowCount` caps the number shown (99 gives "99+", spec §9); `label` names the button for
 * screen readers and should include the count.
 */
export function BadgeButton(props: {
  icon: ReactNode;
  count: number;
  label: string;
  onClick: () => void;
  overflowCount?: number;
  className?: string;
}) {
  return (
    <Button
      type="text"
      className={['bar-button', 'badge-button', props.count > 0 && 'has-count', props.className]
        .filter(Boolean)
        .join(' ')}
      aria-label={props.label}
      onClick={props.onClick}
    >
      <Badge count={props.count} overflowCount={props.overflowCount} size="small" offset={[4, -2]}>
        <span className="badge-button-icon">{props.icon}</span>
      </Badge>
    </Button>
  );
}
