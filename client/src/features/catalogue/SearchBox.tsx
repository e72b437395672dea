interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export default function SearchBox({ label, value, onChange }: Props) {
  return (
    <input
      type="search"
      className="form-control form-control-sm portico-search"
      placeholder="Search by name or description…"
      aria-label={label}
      value={value}
      maxLength={100}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
