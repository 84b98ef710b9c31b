// 'Boutique': the main colour (picker or hex code, checked as it is typed) and the banner and logo.
import { Input } from 'antd';
import { useFormContext } from 'react-hook-form';
import { FormField } from 'shared-kernel/kit';
import { HEX_COLOR, type CustomizeValues } from './customize.schema';
import { useTexts } from './customize.texts';
import { ImageField } from './ImageField';

export function ShopFields() {
  const t = useTexts();
  const { setValue } = useFormContext<CustomizeValues>();
  const setColor = (color: string) => setValue('color', color, { shouldDirty: true, shouldValidate: true });
  return (
    <fieldset>
      <legend>{t.shop.legend}</legend>
      <FormField<CustomizeValues>
        name="color"
        id="wz-color"
        label={t.shop.color}
        render={(field, a11y) => {
          const color = field.value as string;
          return (
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <input
                type="color"
                aria-label={t.shop.pickColor}
                // the picker only knows #rrggbb: a short or unfinished code shows black until it is one
                value={HEX_COLOR.test(color) && color.length === 7 ? color : '#000000'}
                onChange={(e) => setColor(e.target.value)}
                style={{ width: 44, height: 32, padding: 0, border: '1px solid #ccc', borderRadius: 6 }}
              />
              <Input
                {...a11y}
                ref={field.ref}
                value={color}
                maxLength={7}
                style={{ maxWidth: 140 }}
                status={a11y['aria-invalid'] ? 'error' : undefined}
                onChange={(e) => setColor(e.target.value.trim())}
                onBlur={field.onBlur}
              />
            </div>
          );
        }}
      />
      <ImageField kind="banner" label={t.shop.banner} />
      <ImageField kind="logo" label={t.shop.logo} />
    </fieldset>
  );
}
