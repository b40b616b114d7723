/**
 * The user's push rules (issue 20 §1, spec §3) as cards, with Add, Edit, on/off and Delete after a
 * confirmation; an empty list says what a rule does and offers the first one.
 */

import { PlusOutlined } from '@ant-design/icons';
import { MAX_PUSH_RULES, type PushRule } from '@ems/contract/api/push';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { confirmDialog, toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { useGroupTree } from '../../fleet/api/fleet-api';
import { useMailboxes } from '../api/push-mailboxes';
import { deleteRule, refreshRules, saveRule, usePushRules } from '../api/push-rules';
import { toggledBody } from '../lib/rule-form';
import { visibleSites } from '../lib/rule-sites';
import { RuleCard, type RuleNames } from './rule-card';
import { type Editing, RuleEditor } from './rule-editor';

/** Runs a rule change, toasts success or the refusal's msg, reads the rules again. */
async function change(client: ReturnType<typeof useQueryClient>, work: () => Promise<unknown>) {
  try {
    await work();
    toastSuccess(catalogueText('common.ok'));
  } catch (e) {
    // A refusal is the caller's to show (spec §8); a transport error the client showed already.
    toastUnlessShown(e, i18n.t('common.errors.generic'));
  } finally {
    await refreshRules(client);
  }
}

/** The rules block of the Push settings page. */
export function RulesBlock() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rules = usePushRules();
  const sites = visibleSites(useGroupTree().data ?? []);
  const mailboxes = useMailboxes().data ?? [];
  const [editing, setEditing] = useState<Editing>({ open: false });
  const names: RuleNames = {
    sites: new Map(sites.map((s) => [s.stationId, s.stationName])),
    mailboxes: new Map(mailboxes.map((m) => [m.id, m])),
  };
  const list = rules.data ?? [];
  const askDelete = (rule: PushRule) =>
    confirmDialog({
      title: t('push.rules.deleteTitle'),
      content: t('push.rules.deleteText', { kind: t(`push.kinds.${rule.kind}`) }),
      okText: t('push.rules.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () => change(client, () => deleteRule(rule.id)),
    });
  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={list.length >= MAX_PUSH_RULES}
      onClick={() => setEditing({ open: true, rule: null })}
    >
      {t('push.rules.add')}
    </Button>
  );
  return (
    <Card title={t('push.rules.title')} extra={list.length > 0 && add} className="push-block">
      {rules.isPending && <Skeleton active />}
      {rules.isError && <QueryError error={rules.error} />}
      {rules.isSuccess && list.length === 0 && <Empty description={t('push.rules.empty')}>{add}</Empty>}
      {list.length > 0 && (
        <div className="push-rule-grid">
          {list.map((rule) => (
            <RuleCard
              key={rule.id}
              rule={rule}
              names={names}
              onEdit={() => setEditing({ open: true, rule })}
              onDelete={() => askDelete(rule)}
              onToggle={(enabled) => change(client, () => saveRule(toggledBody(rule, enabled)))}
            />
          ))}
        </div>
      )}
      <RuleEditor
        editing={editing}
        sites={sites}
        mailboxes={mailboxes}
        onClose={() => setEditing({ open: false })}
      />
    </Card>
  );
}
