import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText, showOnField } from './server-error';

/** The form whose fields may take a refusal of the server (see `showOnField`). */
export interface InlineActionFields {
  form: FormInstance;
  fields: readonly string[];
}

/**
 * State of a form whose actions show their failure inline (not only as the 3-s toast): `run(work)`
 * sets `pending` while it runs and puts the server's msg (or the text of `fallbackKey`) in `error`.
 * Given `{ form, fields }`, `run` first puts a refusal naming one of `fields` under that field.
 * `clear()` drops the error, e.g. when its dialog closes.
 */
export function useInlineAction(fallbackKey = 'account.errors.generic') {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>, onFields?: InlineActionFields) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      if (!onFields || !showOnField(onFields.form, e, onFields.fields))
        setError(inlineErrorText(e, t(fallbackKey)));
    } finally {
      setPending(false);
    }
  };
  const clear = () => setError(null);
  return { pending, error, run, clear };
}
