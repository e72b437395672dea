import { useI18n } from '../../i18n';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export default function SearchBox({ label, value, onChange }: Props) {
  const { t } = useI18n();
  return (
    <input
      type="search"
      className="form-control form-control-sm portico-search"
      placeholder={t('home.searchPlaceholder')}
      aria-label={label}
      value={value}
      maxLength={100}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
