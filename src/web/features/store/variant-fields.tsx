import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { VARIANT_OPTION_MAX } from '../../../shared/store';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import type { ProductForm, VariantFormValues } from './product-form';

const MAX_VARIANTS = 50;
const VARIANT_FIELDS = ['sku', 'size', 'colour', 'priceCents', 'stock'] as const;

export const emptyVariant = (): VariantFormValues => ({
  sku: '',
  size: '',
  colour: '',
  priceCents: '',
  stock: '0',
});

/** The names a refusal may give the variant rows: "variants.1.sku". */
export const variantFieldNames = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    VARIANT_FIELDS.map((field) => `variants.${index}.${field}`),
  ).flat();

/** A new product's variants (SKU, size, colour, price and stock), at least one and at most fifty. */
export function VariantsFieldset({ form }: { form: ProductForm }) {
  const rows = useFieldArray({ control: form.control, name: 'variants' });
  const errors = form.formState.errors.variants;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-medium text-sm">Variants</legend>
      {listError ? <p className="font-medium text-destructive text-sm">{listError}</p> : null}
      {rows.fields.map((row, index) => (
        <VariantFields
          key={row.id}
          form={form}
          index={index}
          onRemove={rows.fields.length > 1 ? () => rows.remove(index) : undefined}
        />
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={rows.fields.length >= MAX_VARIANTS}
        onClick={() => rows.append(emptyVariant(), { shouldFocus: false })}
      >
        <Plus aria-hidden="true" />
        Add a variant
      </Button>
    </fieldset>
  );
}

type VariantFieldsProps = { form: ProductForm; index: number; onRemove: (() => void) | undefined };

function VariantFields({ form, index, onRemove }: VariantFieldsProps) {
  const number = index + 1;
  const errors = form.formState.errors.variants?.[index];
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-5">
      <legend className="px-1 text-muted-foreground text-xs">Variant {number}</legend>
      <FormField label="SKU" error={errors?.sku?.message}>
        <Input maxLength={60} {...form.register(`variants.${index}.sku`)} />
      </FormField>
      <FormField label="Size" error={errors?.size?.message}>
        <Input maxLength={VARIANT_OPTION_MAX} {...form.register(`variants.${index}.size`)} />
      </FormField>
      <FormField label="Colour" error={errors?.colour?.message}>
        <Input maxLength={VARIANT_OPTION_MAX} {...form.register(`variants.${index}.colour`)} />
      </FormField>
      <FormField label="Price ($)" error={errors?.priceCents?.message}>
        <Input inputMode="decimal" {...form.register(`variants.${index}.priceCents`)} />
      </FormField>
      <FormField label="Stock" error={errors?.stock?.message}>
        <Input type="number" min={0} {...form.register(`variants.${index}.stock`)} />
      </FormField>
      {onRemove ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-start sm:col-span-5"
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          Remove variant {number}
        </Button>
      ) : null}
    </fieldset>
  );
}
