import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from './server-error';

/**
 * State of a multi-step form whose actions show their failure inline (not only as the 3-s toast):
 * `run(work)` sets `pending` while it runs and puts the server's msg (or a generic text) in `error`.
 */
export function useInlineAction() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(inlineErrorText(e, t('account.errors.generic')));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}
