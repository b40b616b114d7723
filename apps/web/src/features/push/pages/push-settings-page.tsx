import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneAppCard } from '../app-channel';
import { ChannelsBlock } from '../components/channels-block';
import { DeliveryLog } from '../components/delivery-log';
import { MailboxesBlock } from '../components/mailboxes-block';
import { RulesBlock } from '../components/rules-block';
import '../components/push.css';

/**
 * /push, "Push settings" (issue 20 §1, §2, §6; spec §2 push settings and receiving mailboxes): the rules
 * as cards, the channels with their states and test sends, the receiving mailboxes, the delivery log;
 * first the phone app card (install, QR code, one-tap notifications, issue 34 item 2).
 */
export function PushSettingsPage() {
  const { t } = useTranslation();
  return (
    <section className="page push-page">
      <Typography.Title level={3} className="push-title">
        {t('push.title')}
      </Typography.Title>
      <PhoneAppCard />
      <RulesBlock />
      <div className="push-columns">
        <ChannelsBlock />
        <MailboxesBlock />
      </div>
      <DeliveryLog />
    </section>
  );
}
