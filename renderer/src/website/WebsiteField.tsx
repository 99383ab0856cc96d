import { useId } from 'react';

interface Props {
  label: string;
  /** The header Swift keeps it in, shown small for those who know Swift. */
  header: string;
  value: string;
  onChange: (value: string) => void;
  /** What the field does, in a sentence; replaced by the problems while there are any. */
  hint: string;
  problems: readonly string[];
  disabled: boolean;
  placeholder?: string;
  multiline?: boolean;
  inputMode?: 'numeric';
}

/** One named setting of the website form: label, header name, field, and a hint or what is wrong. */
export function WebsiteField({ label, header, value, onChange, hint, problems, disabled, ...field }: Props) {
  const id = useId();
  const common = {
    id,
    value,
    disabled,
    spellCheck: false,
    autoComplete: 'off',
    placeholder: field.placeholder ?? 'not set',
    'aria-invalid': problems.length > 0,
    'aria-describedby': `${id}-hint`,
  };
  return (
    <div className="website-field">
      {/* The header beside the label, not in it: the field's name stays the plain label. */}
      <div className="website-label-line">
        <label htmlFor={id} className="website-label">
          {label}
        </label>
        <span className="muted website-header">{header}</span>
      </div>
      {field.multiline ? (
        <textarea
          {...common}
          className="website-textarea"
          rows={Math.max(2, value.split('\n').length)}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input {...common} inputMode={field.inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      <span id={`${id}-hint`} className={problems.length > 0 ? 'meta-problem' : 'muted website-hint'}>
        {problems.length > 0 ? problems.join(' ') : hint}
      </span>
    </div>
  );
}
