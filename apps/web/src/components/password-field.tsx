import { useState } from 'react';
import { TextField, type TextFieldProps } from '@/components/text-field';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          aria-pressed={isVisible}
          aria-label={isVisible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          onClick={() => setIsVisible((v) => !v)}
        >
          {isVisible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
