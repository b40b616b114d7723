import { BellOutlined } from '@ant-design/icons';
import type { SystemType } from '@ems/contract/constants';
import { ALARM_BADGE_CAP } from '@ems/contract/constants';
import { Empty, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ALARM_COLORS,
  ALARM_LEVELS_WORST_FIRST,
  alarmKind,
  alarmLevelLabel,
} from '../../../shared/domain/alarm-level';
import { BadgeButton } from '../../../shared/ui/badge-button';
import { useSystemAlarmCount } from '../api/system-alarm-count';
import { AlarmTable } from './alarm-table';
import { alarmTarget } from './open-alarm';

/**
 * Top-bar bell with the number of active alarms of the layout's system type (99+ above 99, spec §2),
 * read from the layout's one count provider (one request per 5-s cycle). The whole badge, its number
 * included, opens a dialog (mouse, touch, Enter or Space) with the
 * count per level and the current alarms; a device, site or detail click opens the station view. The
 * dialog's list loads only while it is open.
 */
export function AlarmBadge({ systemType }: { systemType?: SystemType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data } = useSystemAlarmCount();
  const count = data?.count ?? 0;
  return (
    <>
      <BadgeButton
        icon={<BellOutlined />}
        count={count}
        overflowCount={ALARM_BADGE_CAP}
        className="alarm-badge"
        label={t('alarms.badge.label', { count })}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        title={t('alarms.dialog.title')}
        footer={null}
        width={960}
        onCancel={() => setOpen(false)}
      >
        {count === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.dialog.none')} />
        ) : (
          <>
            <ul className="alarm-count-list">
              {/* Each level counted under its own name: 2 and 3 are not merged (issue 34 item 5). */}
              {ALARM_LEVELS_WORST_FIRST.map((level) => (
                <li key={level} data-testid="alarm-level-count" data-level={level}>
                  <Tag color={ALARM_COLORS[alarmKind(level)!]}>{alarmLevelLabel(level, t)}</Tag>
                  <span>{data?.levels[level - 1] ?? 0}</span>
                </li>
              ))}
            </ul>
            <AlarmTable
              overview
              kind="current"
              filters={{ systemType }}
              refresh={data?.count}
              enabled={open}
              onOpen={(e) => {
                setOpen(false);
                navigate(alarmTarget(e));
              }}
            />
          </>
        )}
      </Modal>
    </>
  );
}
