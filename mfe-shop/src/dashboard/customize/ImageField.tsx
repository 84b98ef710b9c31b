// The banner or the logo: an uploaded file (png/jpeg/webp, sent as a data URL) or an https:// address. A refused file
// or address leaves the image as it was and shows why under the field; saving waits until it is put right.
import { useRef, useState } from 'react';
import { Button, Input } from 'antd';
import { useFormContext, useFormState } from 'react-hook-form';
import { FormField } from 'shared-kernel/kit';
import type { CustomizeValues } from './customize.schema';
import { useTexts } from './customize.texts';
import type { ImageKind } from './draft';
import { IMAGE_ADDRESS, IMAGE_TYPES, isTypedAddress, prepareImage } from './image';

const MAX_WIDTH: Record<ImageKind, number> = { banner: 1920, logo: 512 };

export function ImageField({ kind, label }: { kind: ImageKind; label: string }) {
  const t = useTexts();
  const { control, setValue, trigger } = useFormContext<CustomizeValues>();
  const { errors } = useFormState({ control, name: kind });
  const input = useRef<HTMLInputElement>(null);
  const setProblem = (message: string | null) => {
    setValue(`imageErrors.${kind}`, message);
    void trigger(kind);
  };

  return (
    <FormField<CustomizeValues>
      name={kind}
      label={label}
      help={errors[kind] ? undefined : t.image.hint}
      render={(field, a11y) => {
        const value = field.value as string | null;
        return (
          <>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
              {value && (
                <img
                  src={value}
                  alt={t.image.current(label)}
                  style={{ height: 40, maxWidth: 120, objectFit: 'cover', borderRadius: 4, border: '1px solid #eee' }}
                />
              )}
              <input
                ref={input}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                aria-label={t.image.chooseFileFor(label)}
                style={{ display: 'none' }}
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  const r = await prepareImage(file, MAX_WIDTH[kind], t.errors);
                  if ('error' in r) return setProblem(r.error);
                  setProblem(null);
                  field.onChange(r.url);
                }}
              />
              <Button onClick={() => input.current?.click()}>{t.image.choose}</Button>
              {value && (
                <Button
                  onClick={() => {
                    setProblem(null);
                    field.onChange(null);
                  }}
                >
                  {t.image.remove}
                </Button>
              )}
            </div>
            <AddressInput
              {...a11y}
              value={value}
              onTyped={(address) => {
                if (!address) return setProblem(null);
                if (!IMAGE_ADDRESS.test(address)) return setProblem(t.errors.url);
                setProblem(null);
                field.onChange(address);
              }}
            />
          </>
        );
      }}
    />
  );
}

/**
 * The address box: shows the image's address when it is one the user typed, keeps what is being typed (even when it
 * is refused), and empties when the image is removed.
 */
function AddressInput({
  value,
  onTyped,
  ...a11y
}: {
  value: string | null;
  onTyped: (address: string) => void;
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}) {
  const [typed, setTyped] = useState(isTypedAddress(value) ? value : '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (!value) setTyped('');
    else if (isTypedAddress(value)) setTyped(value);
  }
  return (
    <Input
      {...a11y}
      placeholder="https://…"
      value={typed}
      allowClear
      onChange={(e) => {
        setTyped(e.target.value);
        onTyped(e.target.value.trim());
      }}
    />
  );
}
