import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { centsFromText } from '../../../shared/money';
import {
  CreateProductInputSchema,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  type ProductAnswer,
  VariantInputSchema,
} from '../../../shared/store';
import { useZodForm } from '../../lib/use-zod-form';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({
  value,
  label: PRODUCT_CATEGORY_LABELS[value],
}));
const product = CreateProductInputSchema.shape;
const variant = VariantInputSchema.shape;

/** A variant row as typed: the price in dollars and the stock as text, read into the contract's cents and count. */
const VariantFormSchema = z.object({
  sku: variant.sku,
  size: variant.size,
  colour: variant.colour,
  priceCents: z
    .string()
    .transform((text, context) => {
      const cents = centsFromText(text);
      if (cents && cents > 0) return cents;
      context.addIssue({ code: 'custom', message: 'Enter a price above $0, such as 24.00' });
      return z.NEVER;
    })
    .pipe(variant.priceCents),
  stock: z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : Number(text)))
    .pipe(variant.stock),
});

/** One form for a new product and an edited one; an edit has no variant rows and sends none. */
const ProductFormSchema = z.object({
  name: product.name,
  description: product.description,
  category: z.string().min(1, 'Choose a category').pipe(product.category),
  active: z.boolean(),
  variants: z.array(VariantFormSchema),
});
export type ProductFormValues = z.input<typeof ProductFormSchema>;
export type VariantFormValues = ProductFormValues['variants'][number];

export const useProductForm = (values: ProductFormValues) => useZodForm(ProductFormSchema, values);
export type ProductForm = ReturnType<typeof useProductForm>;

/** The product's own fields a refusal may name; a new product's variant rows add theirs. */
export const PRODUCT_FIELDS = ['name', 'description', 'category'];

export function useCatalogueWrite<Input>(write: (input: Input) => Promise<ProductAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
  });
}

/** A product's own fields: name, description, category and whether the store shows it. */
export function ProductFields({ form }: { form: ProductForm }) {
  const id = useId();
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Name" error={errors.name?.message}>
        <Input maxLength={PRODUCT_NAME_MAX} required {...form.register('name')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Textarea maxLength={PRODUCT_DESCRIPTION_MAX} {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <ChoiceField
            label="Category"
            placeholder="Choose a category"
            value={field.value}
            onChange={field.onChange}
            options={CATEGORY_OPTIONS}
            error={errors.category?.message}
          />
        )}
      />
      <div className="flex items-center gap-2">
        <input
          id={`${id}-visible`}
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('active')}
        />
        <label htmlFor={`${id}-visible`} className="text-sm">
          Show in the store
        </label>
      </div>
    </>
  );
}
