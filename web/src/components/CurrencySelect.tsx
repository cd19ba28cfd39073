// Currency picker over core CURRENCIES (spec §9): code, symbol and the label in the UI language.
import { Select, type SelectProps } from 'antd';
import { CURRENCIES, currencyLabel } from '@seamline/core';
import { useLang } from '../i18n';

export function CurrencySelect(props: Omit<SelectProps<string>, 'options'>) {
  const lang = useLang();
  return (
    <Select<string>
      showSearch
      optionFilterProp="label"
      {...props}
      options={CURRENCIES.map((c) => ({
        value: c.code,
        label: `${c.code} · ${c.symbol} · ${currencyLabel(c.code, lang)}`,
      }))}
    />
  );
}
