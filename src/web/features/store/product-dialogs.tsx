import { useState } from 'react';
import { toast } from 'sonner';
import type { CreateProductInput, Product, ProductAnswer, UpdateProductInput } from '../../../shared/store';
import { api } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { FormDialog } from '../../ui/form-dialog';
import {
  PRODUCT_FIELDS,
  ProductFields,
  type ProductFormValues,
  useCatalogueWrite,
  useProductForm,
} from './product-form';
import { emptyVariant, VariantsFieldset, variantFieldNames } from './variant-fields';

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const emptyProduct = (): ProductFormValues => ({
  name: '',
  description: '',
  category: '',
  active: true,
  variants: [emptyVariant()],
});

/**
 * A new product for the store: its name, description, category, whether the store shows it yet, and its
 * variants (SKU, size, colour, price and stock), at least one.
 */
export function NewProductDialog({ open, onOpenChange }: DialogProps) {
  const create = useCatalogueWrite((input: CreateProductInput) =>
    api.post<ProductAnswer>('/api/products', input),
  );
  const form = useProductForm(emptyProduct());
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    form.reset(emptyProduct());
    setError(null);
  };

  const submit = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        const answer = await create.mutateAsync(input);
        toast.success(`Added ${answer.product.name} to the store${input.active ? '' : ', hidden for now'}`);
        close(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: [...PRODUCT_FIELDS, 'variants', ...variantFieldNames(input.variants.length)],
            setError: form.setError,
            fallback: 'The product could not be added. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="New product"
      description="Members and patients see it in the store once it is visible. Prices are in dollars."
      closeLabel="Close new product"
      error={error}
      onSubmit={submit}
      submitText={create.isPending ? 'Adding…' : 'Add product'}
      pending={create.isPending}
    >
      <ProductFields form={form} />
      <VariantsFieldset form={form} />
    </FormDialog>
  );
}

/** A product's own fields: name, description, category and whether the store shows it. */
export function EditProductDialog({ product, open, onOpenChange }: DialogProps & { product: Product }) {
  const update = useCatalogueWrite((input: UpdateProductInput) =>
    api.patch<ProductAnswer>(`/api/products/${product.id}`, input),
  );
  const form = useProductForm({
    name: product.name,
    description: product.description,
    category: product.category,
    active: product.active,
    variants: [],
  });
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async ({ variants: _none, ...input }) => {
      setError(null);
      try {
        await update.mutateAsync(input);
        toast.success(`Saved ${input.name}`);
        onOpenChange(false);
      } catch (caught) {
        setError(
          applyServerErrors(caught, {
            fields: PRODUCT_FIELDS,
            setError: form.setError,
            fallback: 'The product could not be saved. Please try again.',
          }),
        );
      }
    },
    () => setError(null),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${product.name}`}
      description="A hidden product leaves the store at once; orders already placed keep it."
      closeLabel={`Close edit ${product.name}`}
      error={error}
      onSubmit={submit}
      submitText={update.isPending ? 'Saving…' : 'Save product'}
      pending={update.isPending}
    >
      <ProductFields form={form} />
    </FormDialog>
  );
}
