import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { canFill, mostOf, PRODUCT_CATEGORY_LABELS, type Product } from '../../../shared/store';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { LoadError } from '../../ui/load-error';
import { Select } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { useAddToCart, useProduct } from './api';
import { ProductImage } from './parts';
import { CartLink } from './store-page';

const distinct = (values: Array<string | null>) => [
  ...new Set(values.filter((value): value is string => !!value)),
];

function VariantChooser({ product }: { product: Product }) {
  const sizes = distinct(product.variants.map((variant) => variant.size));
  const colours = distinct(product.variants.map((variant) => variant.colour));
  const first = product.variants.find((variant) => canFill(variant.stock, 1)) ?? product.variants[0];
  const [size, setSize] = useState(first?.size ?? '');
  const [colour, setColour] = useState(first?.colour ?? '');
  const [quantityText, setQuantityText] = useState('1');
  const quantity = Math.max(1, Math.floor(Number(quantityText) || 1));
  const add = useAddToCart();
  const variant = product.variants.find(
    (candidate) => (candidate.size ?? '') === size && (candidate.colour ?? '') === colour,
  );
  const stock = variant ? variant.stock : 0;

  const submit = async () => {
    if (!variant) return;
    try {
      await add.mutateAsync({ variantId: variant.id, quantity });
      toast.success('Added to cart', { description: `${quantity} × ${product.name}` });
    } catch (caught) {
      toast.error('Not added', { description: (caught as Error).message });
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {sizes.length ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="variant-size">Size</Label>
          <Select id="variant-size" value={size} onChange={(event) => setSize(event.target.value)}>
            {sizes.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {colours.length ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="variant-colour">Colour</Label>
          <Select id="variant-colour" value={colour} onChange={(event) => setColour(event.target.value)}>
            {colours.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <p aria-live="polite">
        {variant ? (
          <>
            <strong className="text-xl">{formatMoney(variant.priceCents)}</strong>{' '}
            <span>{stock === null ? 'Made to order' : stock > 0 ? `${stock} in stock` : 'Sold out'}</span>
          </>
        ) : (
          'This combination is not available.'
        )}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="variant-quantity">Quantity</Label>
        <Input
          id="variant-quantity"
          type="number"
          min={1}
          max={Math.max(1, mostOf(stock))}
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
          className="w-24"
        />
      </div>
      <div>
        <Button type="submit" disabled={!variant || !canFill(stock, quantity) || add.isPending}>
          Add to cart
        </Button>
      </div>
    </form>
  );
}

/** /product/:id: a product, its variants with their stock, and Add to cart. */
export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.isError)
    return (
      <div className="flex flex-col gap-3">
        <LoadError
          message={product.error.message || 'This product could not be loaded.'}
          retry={() => void product.refetch()}
        />
        <Link to="/store" className="underline">
          Back to the store
        </Link>
      </div>
    );
  if (!product.data) return <LoadingState label="Loading the product…" />;
  const { product: item } = product.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/store" className="underline">
          Back to the store
        </Link>
        <CartLink />
      </div>
      <article className="grid gap-6 md:grid-cols-2">
        <ProductImage
          src={item.imageUrl}
          alt={item.name}
          className="aspect-square w-full max-w-md rounded-lg"
        />
        <div className="flex flex-col gap-4">
          <h2 className="font-semibold text-2xl">{item.name}</h2>
          <p className="text-muted-foreground text-sm">{PRODUCT_CATEGORY_LABELS[item.category]}</p>
          <p>{item.description}</p>
          <VariantChooser key={item.id} product={item} />
        </div>
      </article>
    </div>
  );
}
