import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import {
  type Product,
  type ProductAnswer,
  type UpdateVariantInput,
  UpdateVariantInputSchema,
  type Variant,
  variantLabel,
} from '../../../shared/store';
import { api } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { Input } from '../../ui/input';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useProducts } from './api';
import { EditProductDialog, NewProductDialog } from './product-dialogs';

function useUpdateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      variantId,
      ...input
    }: UpdateVariantInput & { productId: string; variantId: string }) =>
      api.patch<ProductAnswer>(`/api/products/${productId}/variants/${variantId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
  });
}

const NOT_SAVED_HINT = 'Enter a price above $0 and a whole number of items in stock.';

/**
 * Price in dollars and stock as typed, read into what the contract takes; a made-to-order variant has no
 * stock, so none is sent. What cannot be read gets one hint; the contract's limits say their own words.
 */
const variantFormSchema = (madeToOrder: boolean) =>
  z
    .object({ price: z.string(), stock: z.string() })
    .transform(({ price, stock }, context): UpdateVariantInput => {
      const priceCents = centsFromText(price);
      const count = stock.trim() === '' ? Number.NaN : Number(stock);
      if (!priceCents || (!madeToOrder && !(Number.isInteger(count) && count >= 0))) {
        context.addIssue({ code: 'custom', message: NOT_SAVED_HINT });
        return z.NEVER;
      }
      return { priceCents, ...(madeToOrder ? {} : { stock: count }) };
    })
    .pipe(UpdateVariantInputSchema);

function VariantRow({
  product,
  variant,
  first,
  onEdit,
}: {
  product: Product;
  variant: Variant;
  /** The product's first variant carries the product's own state and its Edit. */
  first: boolean;
  onEdit: (product: Product) => void;
}) {
  // Made to order (print on demand): there is no stock to set, only the price.
  const madeToOrder = variant.stock === null;
  const form = useZodForm(variantFormSchema(madeToOrder), {
    price: decimalFromCents(variant.priceCents),
    stock: String(variant.stock ?? ''),
  });
  const update = useUpdateVariant();
  const name = `${product.name}${variantLabel(variant) ? ` ${variantLabel(variant)}` : ''}`;
  // A table row holds no form element: the row's Save submits it, and what is wrong is said in a toast.
  const save = form.handleSubmit(
    async (input) => {
      try {
        await update.mutateAsync({ productId: product.id, variantId: variant.id, ...input });
        toast.success(`Saved ${name}`);
      } catch (caught) {
        toast.error('Not saved', { description: (caught as Error).message });
      }
    },
    (errors) =>
      toast.error('Not saved', {
        description: Object.values(errors).find((error) => error?.message)?.message ?? NOT_SAVED_HINT,
      }),
  );
  return (
    <tr className="border-border border-t">
      <th scope="row" className="px-3 py-2 font-normal">
        {product.name}
        {variantLabel(variant) ? (
          <span className="block text-muted-foreground text-xs">{variantLabel(variant)}</span>
        ) : null}
        {first ? (
          <span className="mt-1 flex flex-wrap items-center gap-2">
            {product.active ? null : <Badge variant="outline">Hidden</Badge>}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onEdit(product)}
              aria-label={`Edit ${product.name}`}
            >
              Edit
            </Button>
          </span>
        ) : null}
      </th>
      <td className="px-3 py-2">{variant.sku}</td>
      <td className="px-3 py-2">
        <Input
          aria-label={`Price of ${name} ($)`}
          inputMode="decimal"
          className="w-24"
          {...form.register('price')}
        />
      </td>
      <td className="px-3 py-2">
        {madeToOrder ? (
          <span className="text-muted-foreground">Made to order</span>
        ) : (
          <Input
            aria-label={`Stock of ${name}`}
            type="number"
            min={0}
            className="w-20"
            {...form.register('stock')}
          />
        )}
      </td>
      <td className="px-3 py-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void save()}
          disabled={update.isPending}
          aria-label={`Save ${name}`}
        >
          Save
        </Button>
      </td>
    </tr>
  );
}

/** The admin's catalogue: each variant's price and stock, set by hand (for example after a delivery). */
export function AdminStockPanel() {
  const products = useProducts('', '');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Catalogue stock</CardTitle>
          <CardDescription>
            Products, and the price and stock of every variant; paid orders take stock, cancels and refunds
            put it back. Print-on-demand variants are made to order, have no stock, and take Printful’s retail
            price again at each sync. A hidden product stays out of the store.
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New product
        </Button>
      </CardHeader>
      <NewProductDialog open={creating} onOpenChange={setCreating} />
      {editing ? (
        <EditProductDialog
          key={editing.id}
          product={editing}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
        />
      ) : null}
      <CardContent>
        {products.isError ? (
          <LoadError message="The catalogue could not be loaded." retry={() => void products.refetch()} />
        ) : !products.data ? (
          <LoadingState label="Loading the catalogue…" />
        ) : (
          <DataTable
            caption="Catalogue stock"
            columns={['Product', 'SKU', 'Price ($)', 'Stock', 'Actions']}
            scrolls
          >
            {products.data.products.flatMap((product) =>
              product.variants.map((variant, index) => (
                <VariantRow
                  key={`${variant.id}-${variant.stock}-${variant.priceCents}`}
                  product={product}
                  variant={variant}
                  first={index === 0}
                  onEdit={setEditing}
                />
              )),
            )}
          </DataTable>
        )}
      </CardContent>
    </Card>
  );
}
