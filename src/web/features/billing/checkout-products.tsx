import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  CHECKOUT_PRODUCT_QUANTITY_MAX,
  CHECKOUT_PRODUCTS_MAX,
  type CheckoutProduct,
  type SellableProduct,
} from '../../../shared/billing-products';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { Combobox } from '../../ui/combobox';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** A product chosen at checkout: the catalogue's variant as the preview offered it, and how many. */
export type ProductItem = SellableProduct & { quantity: number };

/** What the checkout sends of the chosen products: only which variant and how many; the server prices them. */
export const productsInput = (items: ProductItem[]): CheckoutProduct[] =>
  items.map(({ variantId, quantity }) => ({ variantId, quantity }));

const stockText = (stock: number | null) => (stock === null ? 'made to order' : `${stock} in stock`);
const mostOf = (product: SellableProduct) =>
  Math.min(CHECKOUT_PRODUCT_QUANTITY_MAX, product.stock ?? CHECKOUT_PRODUCT_QUANTITY_MAX);

/**
 * "Add a product" at checkout: a searchable list of the store's variants for sale (name, price, stock); each one
 * chosen becomes a line with its quantity and a remove button, and the dialog's total counts it.
 */
export function CheckoutProducts({
  products,
  items,
  onChange,
}: {
  products: SellableProduct[];
  items: ProductItem[];
  onChange: (items: ProductItem[]) => void;
}) {
  const [chosen, setChosen] = useState('');
  const [said, setSaid] = useState('');
  // The field empties once the choice is a line, ready for the next product.
  useEffect(() => {
    if (chosen) setChosen('');
  }, [chosen]);
  if (products.length === 0 && items.length === 0) return null;
  const options = products
    .filter((product) => !items.some((item) => item.variantId === product.variantId))
    .map((product) => ({
      value: product.variantId,
      label: product.name,
      hint: `${formatMoney(product.priceCents)}, ${stockText(product.stock)}`,
    }));
  const add = (variantId: string) => {
    const product = products.find((candidate) => candidate.variantId === variantId);
    if (!product) return;
    setChosen(variantId);
    onChange([...items, { ...product, quantity: 1 }]);
    setSaid(`${product.name} added`);
  };
  const setQuantity = (item: ProductItem, quantity: number) =>
    onChange(items.map((other) => (other.variantId === item.variantId ? { ...other, quantity } : other)));
  const remove = (item: ProductItem) => {
    onChange(items.filter((other) => other.variantId !== item.variantId));
    setSaid(`${item.name} removed`);
  };
  const full = items.length >= CHECKOUT_PRODUCTS_MAX;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 font-medium text-sm">Products</legend>
      {items.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {items.map((item) => (
            <li key={item.variantId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="min-w-0 flex-1 basis-40 break-words">
                {item.name}
                <span className="block text-muted-foreground text-xs">
                  {formatMoney(item.priceCents)} each, {stockText(item.stock)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <QuantityField item={item} onChange={(quantity) => setQuantity(item, quantity)} />
                <span className="w-20 text-right tabular-nums">
                  {formatMoney(item.priceCents * item.quantity)}
                </span>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => remove(item)}
                >
                  <X aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <FormField
        label="Add a product"
        hint={full ? `At most ${CHECKOUT_PRODUCTS_MAX} products at once` : 'Type to search the store'}
      >
        <Combobox
          listLabel="Products"
          value={chosen}
          onChange={add}
          options={options}
          placeholder="Choose a product"
          noMatches="No products match"
          disabled={full}
        />
      </FormField>
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}

/**
 * A line's quantity, typed freely: the line takes each whole number from 1 to what the shelf holds, and the
 * field says the range while it holds anything else (leaving it shows the line's quantity again).
 */
function QuantityField({ item, onChange }: { item: ProductItem; onChange: (quantity: number) => void }) {
  const [text, setText] = useState(String(item.quantity));
  const most = mostOf(item);
  const quantity = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(quantity) && quantity >= 1 && quantity <= most;
  const hintId = `${item.variantId}-quantity-hint`;
  return (
    <span className="flex flex-col">
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={most}
        step={1}
        value={text}
        aria-label={`Quantity of ${item.name}`}
        aria-invalid={valid ? undefined : true}
        aria-describedby={valid ? undefined : hintId}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isInteger(next) && next >= 1 && next <= most)
            onChange(next);
        }}
        onBlur={() => setText(String(item.quantity))}
        className="w-20"
      />
      {valid ? null : (
        <span id={hintId} className="text-destructive text-xs">
          1 to {most}
        </span>
      )}
    </span>
  );
}
