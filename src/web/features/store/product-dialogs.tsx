import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { centsFromText } from '../../../shared/money';
import {
  type CreateProductInput,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  type Product,
  type ProductAnswer,
  type ProductCategory,
  STORE_ERRORS,
  type UpdateProductInput,
  VARIANT_OPTION_MAX,
} from '../../../shared/store';
import { api } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { type FieldErrors, FormDialog, refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({
  value,
  label: PRODUCT_CATEGORY_LABELS[value],
}));
const MAX_VARIANTS = 50;

function useCatalogueWrite<Input>(write: (input: Input) => Promise<ProductAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
  });
}

type VariantDraft = { key: number; sku: string; size: string; colour: string; price: string; stock: string };

const emptyVariant = (key: number): VariantDraft => ({
  key,
  sku: '',
  size: '',
  colour: '',
  price: '',
  stock: '0',
});

/** The browser's own reading of a variant row; the server checks everything again and has the last word. */
function variantProblems(variant: VariantDraft, index: number): FieldErrors {
  const cents = centsFromText(variant.price);
  const stock = Number(variant.stock);
  return {
    [`variants.${index}.sku`]: /^[A-Za-z0-9-]{1,60}$/.test(variant.sku.trim()) ? undefined : STORE_ERRORS.sku,
    [`variants.${index}.priceCents`]:
      cents && cents > 0 ? undefined : 'Enter a price above $0, such as 24.00',
    [`variants.${index}.stock`]:
      variant.stock.trim() !== '' && Number.isInteger(stock) && stock >= 0 ? undefined : STORE_ERRORS.stock,
  };
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A new product for the store: its name, description, category, whether the store shows it yet, and its
 * variants (SKU, size, colour, price and stock), at least one.
 */
export function NewProductDialog({ open, onOpenChange }: DialogProps) {
  const id = useId();
  const create = useCatalogueWrite((input: CreateProductInput) =>
    api.post<ProductAnswer>('/api/products', input),
  );
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<ProductCategory | ''>('');
  const [visible, setVisible] = useState(true);
  const [variants, setVariants] = useState<VariantDraft[]>([emptyVariant(0)]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setName('');
    setDescription('');
    setCategory('');
    setVisible(true);
    setVariants([emptyVariant(0)]);
    setErrors({});
    setError(null);
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };
  const changeVariant = (key: number, changes: Partial<VariantDraft>) =>
    setVariants((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldErrors = {
      name: name.trim() ? undefined : STORE_ERRORS.name,
      category: category ? undefined : 'Choose a category',
      ...Object.assign({}, ...variants.map(variantProblems)),
    };
    setErrors(problems);
    setError(null);
    if (Object.values(problems).some(Boolean) || !category) return;
    try {
      const answer = await create.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        category,
        active: visible,
        variants: variants.map((variant) => ({
          sku: variant.sku.trim(),
          size: variant.size.trim() || null,
          colour: variant.colour.trim() || null,
          priceCents: centsFromText(variant.price) ?? 0,
          stock: Number(variant.stock),
        })),
      });
      toast.success(`Added ${answer.product.name} to the store${visible ? '' : ', hidden for now'}`);
      close(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'The product could not be added. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

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
      <ProductFields
        id={id}
        name={name}
        description={description}
        category={category}
        visible={visible}
        errors={errors}
        onName={setName}
        onDescription={setDescription}
        onCategory={setCategory}
        onVisible={setVisible}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-medium text-sm">Variants</legend>
        {errors.variants ? <p className="font-medium text-destructive text-sm">{errors.variants}</p> : null}
        {variants.map((variant, index) => (
          <VariantFields
            key={variant.key}
            number={index + 1}
            variant={variant}
            errors={errors}
            index={index}
            canRemove={variants.length > 1}
            onChange={(changes) => changeVariant(variant.key, changes)}
            onRemove={() => setVariants((current) => current.filter((row) => row.key !== variant.key))}
          />
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={variants.length >= MAX_VARIANTS}
          onClick={() =>
            setVariants((current) => [
              ...current,
              emptyVariant(Math.max(...current.map((row) => row.key)) + 1),
            ])
          }
        >
          <Plus aria-hidden="true" />
          Add a variant
        </Button>
      </fieldset>
    </FormDialog>
  );
}

/** A product's own fields: name, description, category and whether the store shows it. */
export function EditProductDialog({ product, open, onOpenChange }: DialogProps & { product: Product }) {
  const id = useId();
  const update = useCatalogueWrite((input: UpdateProductInput) =>
    api.patch<ProductAnswer>(`/api/products/${product.id}`, input),
  );
  const [name, setName] = useState(product.name);
  const [description, setDescription] = useState(product.description);
  const [category, setCategory] = useState<ProductCategory | ''>(product.category);
  const [visible, setVisible] = useState(product.active);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldErrors = { name: name.trim() ? undefined : STORE_ERRORS.name };
    setErrors(problems);
    setError(null);
    if (problems.name || !category) return;
    try {
      await update.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        category,
        active: visible,
      });
      toast.success(`Saved ${name.trim()}`);
      onOpenChange(false);
    } catch (caught) {
      const refusal = refusalOf(caught, 'The product could not be saved. Please try again.');
      setErrors(refusal.fields);
      setError(refusal.message);
    }
  };

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
      <ProductFields
        id={id}
        name={name}
        description={description}
        category={category}
        visible={visible}
        errors={errors}
        onName={setName}
        onDescription={setDescription}
        onCategory={setCategory}
        onVisible={setVisible}
      />
    </FormDialog>
  );
}

type ProductFieldsProps = {
  id: string;
  name: string;
  description: string;
  category: ProductCategory | '';
  visible: boolean;
  errors: FieldErrors;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  onCategory: (value: ProductCategory | '') => void;
  onVisible: (value: boolean) => void;
};

function ProductFields(props: ProductFieldsProps) {
  const { id, errors } = props;
  return (
    <>
      <FormField label="Name" error={errors.name}>
        <Input
          id={`${id}-name`}
          value={props.name}
          maxLength={PRODUCT_NAME_MAX}
          onChange={(event) => props.onName(event.target.value)}
          required
        />
      </FormField>
      <FormField label="Description (optional)" error={errors.description}>
        <Textarea
          id={`${id}-description`}
          value={props.description}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          onChange={(event) => props.onDescription(event.target.value)}
        />
      </FormField>
      <ChoiceField
        label="Category"
        placeholder="Choose a category"
        value={props.category}
        onChange={(value) => props.onCategory(value as ProductCategory | '')}
        options={CATEGORY_OPTIONS}
        error={errors.category}
      />
      <div className="flex items-center gap-2">
        <input
          id={`${id}-visible`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={props.visible}
          onChange={(event) => props.onVisible(event.target.checked)}
        />
        <label htmlFor={`${id}-visible`} className="text-sm">
          Show in the store
        </label>
      </div>
    </>
  );
}

type VariantFieldsProps = {
  number: number;
  index: number;
  variant: VariantDraft;
  errors: FieldErrors;
  canRemove: boolean;
  onChange: (changes: Partial<VariantDraft>) => void;
  onRemove: () => void;
};

function VariantFields({
  number,
  index,
  variant,
  errors,
  canRemove,
  onChange,
  onRemove,
}: VariantFieldsProps) {
  const error = (field: string) => errors[`variants.${index}.${field}`];
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-5">
      <legend className="px-1 text-muted-foreground text-xs">Variant {number}</legend>
      <FormField label="SKU" error={error('sku')}>
        <Input
          value={variant.sku}
          maxLength={60}
          onChange={(event) => onChange({ sku: event.target.value })}
        />
      </FormField>
      <FormField label="Size" error={error('size')}>
        <Input
          value={variant.size}
          maxLength={VARIANT_OPTION_MAX}
          onChange={(event) => onChange({ size: event.target.value })}
        />
      </FormField>
      <FormField label="Colour" error={error('colour')}>
        <Input
          value={variant.colour}
          maxLength={VARIANT_OPTION_MAX}
          onChange={(event) => onChange({ colour: event.target.value })}
        />
      </FormField>
      <FormField label="Price ($)" error={error('priceCents')}>
        <Input
          inputMode="decimal"
          value={variant.price}
          onChange={(event) => onChange({ price: event.target.value })}
        />
      </FormField>
      <FormField label="Stock" error={error('stock')}>
        <Input
          type="number"
          min={0}
          value={variant.stock}
          onChange={(event) => onChange({ stock: event.target.value })}
        />
      </FormField>
      {canRemove ? (
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
