import type { FocusEventHandler, Ref } from 'react';
import { FieldFrame, fieldErrorId } from '../private/FieldFrame';
import * as css from '../private/field.css';
import { useStableId } from '../private/useStableId';

export const TEXT_FIELD_TYPES = ['text', 'email', 'tel', 'password'] as const;
export type TextFieldType = (typeof TEXT_FIELD_TYPES)[number];

export interface TextFieldProps {
  label: string;
  /** Keep the label for assistive technology but do not draw it (the placeholder shows instead). */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  type?: TextFieldType;
  name?: string;
  id?: string;
  placeholder?: string;
  autoComplete?: string;
  /** Shown under the field and linked with aria-describedby; sets aria-invalid. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
  ref?: Ref<HTMLInputElement>;
}

/** A labelled single-line input. No masks or format validation: the spec shows none. */
export function TextField({
  label,
  hideLabel = false,
  value,
  onChange,
  onBlur,
  type = 'text',
  name,
  id,
  placeholder,
  autoComplete,
  error,
  required,
  disabled,
  dir,
  ref,
}: TextFieldProps) {
  const inputId = useStableId(id);
  const errorId = fieldErrorId(inputId);
  return (
    <FieldFrame controlId={inputId} label={label} hideLabel={hideLabel} error={error}>
      <input
        ref={ref}
        id={inputId}
        className={css.control}
        type={type}
        name={name}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        dir={dir}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}
