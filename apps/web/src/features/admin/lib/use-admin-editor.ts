import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { toastSuccess } from '../../../shared/ui/feedback';

/**
 * The edit dialog of a console list (dictionaries, CO2 factors, languages): which row is being edited
 * (`{}` for a new one, null when closed), its form, and the two writes every such tab makes.
 * - `submit(write)`: runs the write with the dialog's pending state; on success "OK" toast, dialog
 *   closed, `queryKey` refetched; a refusal shows under the field it names (one of `fields`) or inline.
 * - `remove(write)`: a row's delete or reset from its confirm pop-over; "OK" or the error as a toast,
 *   the list refetched either way (the row may be gone already).
 */
export function useAdminEditor<Item, Input>(opts: {
  queryKey: QueryKey;
  fields?: readonly string[];
  /** The form's values when the dialog opens on `item`. */
  initial: (item: Partial<Item>) => Partial<Input>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Partial<Item> | null>(null);
  const [form] = Form.useForm<Input>();
  const { pending, error, run, clear } = useInlineAction('admin.errors.generic');
  const refresh = () => queryClient.invalidateQueries({ queryKey: opts.queryKey });

  const open = (item: Partial<Item>) => {
    form.resetFields();
    form.setFieldsValue(opts.initial(item) as never);
    setEditing(item);
  };
  const submit = (write: () => Promise<unknown>) =>
    run(
      async () => {
        await write();
        toastSuccess(catalogueText('common.ok'));
        setEditing(null);
        await refresh();
      },
      opts.fields ? { form, fields: opts.fields } : undefined,
    );
  const remove = async (write: () => Promise<unknown>) => {
    try {
      await write();
      toastSuccess(catalogueText('common.ok'));
    } catch (e) {
      toastUnlessShown(e, t('admin.errors.generic'));
    } finally {
      await refresh();
    }
  };
  /** Props of the FormModal that holds the form. */
  const modalProps = {
    open: editing !== null,
    form,
    pending,
    error,
    onCancel: () => setEditing(null),
    afterClose: clear,
  };
  return { editing, form, open, submit, remove, modalProps };
}
