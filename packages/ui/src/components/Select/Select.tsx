import type { FocusEventHandler, Ref } from 'react';
import { FieldFrame, fieldErrorId } from '../private/FieldFrame';
import * as css from '../private/field.css';
import { useStableId } from '../private/useStableId';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string = string> {
  label: string;
  hideLabel?: boolean;
  value: V | '';
  onChange: (value: V | '') => void;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  options: readonly SelectOption<V>[];
  /** An empty first option (value ''), e.g. 'Select Gender'. */
  placeholder?: string;
  name?: string;
  id?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native <select>: the platform gives keyboard, screen-reader and mobile pickers for free. It
 * deliberately offers no search or multi-select (use LanguagePicker for a searchable list).
 */
export function Select<V extends string = string>({
  label,
  hideLabel = false,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  name,
  id,
  error,
  required,
  disabled,
  ref,
}: SelectProps<V>) {
  const selectId = useStableId(id);
  const errorId = fieldErrorId(selectId);
  return (
    <FieldFrame controlId={selectId} label={label} hideLabel={hideLabel} error={error}>
      <select
        ref={ref}
        id={selectId}
        className={css.control}
        name={name}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value as V | '')}
        onBlur={onBlur}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
