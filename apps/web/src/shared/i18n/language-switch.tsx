import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguageCode } from './current-language';
import { offeredLanguages, switchLanguage } from './language-list';

/**
 * Language dropdown of the top bar and the sign-in page: choosing one stores it and reloads (spec §2).
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const languages = offeredLanguages();
  const code = currentLanguageCode();
  const current = languages.find((l) => l.languageCode === code);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [code],
        items: languages.map((l) => ({
          key: l.languageCode,
          label: l.languageName,
        })),
        onClick: ({ key }) => {
          const chosen = languages.find((l) => l.languageCode === key);
          if (chosen && key !== code) switchLanguage(chosen);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={compact ? t('common.language.choose') : undefined}
        title={t('common.language.choose')}
        className="bar-button"
      >
        {compact ? null : (current?.languageName ?? code)}
      </Button>
    </Dropdown>
  );
}
