import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductAnswer, ProductCategory, ProductsAnswer } from '../../../shared/store';
import type {
  AddCartItemInput,
  Cart,
  CheckoutAnswer,
  CheckoutInput,
  MoveOrderInput,
  OrderAnswer,
  OrdersAnswer,
} from '../../../shared/store-orders';
import type { OrderStatus } from '../../../shared/vocabulary/store';
import { api } from '../../lib/api-client';

/** Query keys; pushed order changes invalidate ORDER_QUERIES (live.ts). */
export const storeKeys = {
  products: (search: string, category: ProductCategory | '') => ['/api/products', search, category] as const,
  product: (id: string) => ['/api/products', id] as const,
  cart: ['/api/cart'] as const,
  mine: ['/api/orders', 'mine'] as const,
  order: (id: string) => ['/api/orders', id] as const,
  admin: (status: OrderStatus | '') => ['/api/admin/orders', status] as const,
};

export function useProducts(search: string, category: ProductCategory | '') {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (category) params.set('category', category);
  const query = params.toString();
  return useQuery({
    queryKey: storeKeys.products(search.trim(), category),
    queryFn: ({ signal }) => api.get<ProductsAnswer>(`/api/products${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useProduct = (id: string) =>
  useQuery({
    queryKey: storeKeys.product(id),
    queryFn: ({ signal }) => api.get<ProductAnswer>(`/api/products/${id}`, { signal }),
  });

export const useCart = () =>
  useQuery({ queryKey: storeKeys.cart, queryFn: ({ signal }) => api.get<Cart>('/api/cart', { signal }) });

function useCartMutation<V>(call: (value: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => queryClient.setQueryData(storeKeys.cart, cart),
  });
}
export const useAddToCart = () =>
  useCartMutation((input: AddCartItemInput) => api.post<Cart>('/api/cart/items', input));
export const useUpdateCartItem = () =>
  useCartMutation(({ id, quantity }: { id: string; quantity: number }) =>
    api.patch<Cart>(`/api/cart/items/${id}`, { quantity }),
  );
export const useRemoveCartItem = () =>
  useCartMutation((id: string) => api.delete<Cart>(`/api/cart/items/${id}`));

export const startCheckout = (input: CheckoutInput) =>
  api.post<CheckoutAnswer>('/api/orders/checkout', input);

/** Records the order once the provider says the card payment succeeded; the cart and orders ask again. */
export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) =>
      api.post<OrderAnswer>('/api/orders/confirm', { paymentIntentId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.cart }),
        queryClient.invalidateQueries({ queryKey: ['/api/orders'] }),
      ]),
  });
}

export const useMyOrders = () =>
  useQuery({
    queryKey: storeKeys.mine,
    queryFn: ({ signal }) => api.get<OrdersAnswer>('/api/orders', { signal }),
  });

export const useOrder = (id: string) =>
  useQuery({
    queryKey: storeKeys.order(id),
    queryFn: ({ signal }) => api.get<OrderAnswer>(`/api/orders/${id}`, { signal }),
    enabled: Boolean(id),
  });

export const useAdminOrders = (status: OrderStatus | '') =>
  useQuery({
    queryKey: storeKeys.admin(status),
    queryFn: ({ signal }) =>
      api.get<OrdersAnswer>(`/api/admin/orders${status ? `?status=${status}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: MoveOrderInput & { id: string }) =>
      api.post<OrderAnswer>(`/api/admin/orders/${id}/status`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/orders'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/orders'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
      ]),
  });
}
