/**
 * The one dialog shape every edit form uses: Save submits `form` (so its onFinish and rules run), Cancel
 * and the close icon call `onCancel`, the Save button spins while `pending`, and an inline `error`
 * (from useInlineAction) shows under the fields. The body is rendered while closed too, so `form` is
 * connected before the dialog first opens (antd warns otherwise).
 */
import { Alert, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of FormModal; `okText` defaults to the common "Save". */
export interface FormModalProps {
  open: boolean;
  title: ReactNode;
  // biome-ignore lint/suspicious/noExplicitAny: any form's instance; submit() does not depend on its values
  form: FormInstance<any>;
  pending: boolean;
  onCancel: () => void;
  error?: string | null | undefined;
  okText?: string | undefined;
  /** Runs after the close animation (e.g. clearing an inline error). */
  afterClose?: (() => void) | undefined;
  width?: number | undefined;
  children: ReactNode;
}

/** A modal edit form with the shared Save/Cancel footer (see the file comment). */
export function FormModal({
  open,
  title,
  form,
  pending,
  onCancel,
  error,
  okText,
  afterClose,
  width,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={afterClose}
      width={width}
      forceRender
    >
      {children}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
