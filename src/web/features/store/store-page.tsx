import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS, type ProductCategory } from '../../../shared/store';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useCart, useProducts } from './api';
import { ProductImage } from './parts';

/** The cart's count and a way to checkout, shown at the top of store screens. */
export function CartLink() {
  const cart = useCart();
  const count = cart.data?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  return (
    <Button asChild variant="outline">
      <Link to="/checkout">Cart ({count === 1 ? '1 item' : `${count} items`})</Link>
    </Button>
  );
}

/** /store: the catalogue, searchable and filtered by category. */
export function StorePage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ProductCategory | ''>('');
  const products = useProducts(search, category);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">Every purchase supports the clinic's community programmes.</p>
        <CartLink />
      </div>
      <FilterBar label="Find products">
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <Label htmlFor="store-search">Search</Label>
          <Input
            id="store-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectFilter
          label="Category"
          value={category}
          onChange={setCategory}
          options={optionsOf(PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS)}
          emptyLabel="All categories"
        />
      </FilterBar>
      {products.isError ? (
        <LoadError message="The catalogue could not be loaded." retry={() => void products.refetch()} />
      ) : !products.data ? (
        <LoadingState label="Loading the catalogue…" />
      ) : products.data.products.length === 0 ? (
        <p>No products match.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.data.products.map((product) => (
            <li key={product.id} className="flex flex-col gap-2 rounded-lg border border-border p-4">
              <ProductImage src={product.imageUrl} alt="" className="aspect-square w-full rounded-md" />
              <h2 className="font-semibold text-lg">
                <Link to={`/product/${product.id}`} className="underline-offset-4 hover:underline">
                  {product.name}
                </Link>
              </h2>
              <p className="text-muted-foreground text-sm">{PRODUCT_CATEGORY_LABELS[product.category]}</p>
              <p>
                {product.variants.length > 1 ? 'From ' : ''}
                {formatMoney(product.fromPriceCents)}
                {product.inStock ? '' : ' · Sold out'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
