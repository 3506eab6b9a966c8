import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SessionPackage } from '../../../shared/billing-packages';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { LoadingState } from '../../ui/spinner';
import { PackageDialog } from './package-dialog';
import { useDeletePackage, usePackages } from './packages-api';

/**
 * Settings, Billing policy, "Packages" (admins, while session billing is on): the packages of sessions the
 * clinic sells, each added, changed, taken off sale or (never sold) deleted here.
 */
export function PackageCatalogue() {
  const packages = usePackages(true);
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<{ package: SessionPackage | null } | null>(null);

  const deleteOne = (item: SessionPackage) =>
    remove.mutate(item.id, {
      onSuccess: () => toast.success(`${item.name} deleted`),
      onError: (caught) =>
        toast.error(`Could not delete ${item.name}`, {
          description: isApiRequestError(caught) ? caught.message : 'Please try again.',
        }),
    });

  return (
    <Card aria-labelledby="packages-title">
      <CardHeader>
        <CardTitle id="packages-title">Packages</CardTitle>
        <CardDescription>
          Packages of sessions sold at checkout. Each completed session of a service a package covers uses one
          of its sessions.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {packages.isPending ? (
          <LoadingState label="Loading the packages…" />
        ) : packages.isError ? (
          <Alert variant="error">{packages.error.message || 'Could not load the packages.'}</Alert>
        ) : packages.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No packages yet.</p>
        ) : (
          <DataTable
            caption="Packages"
            columns={['Package', 'Sessions', 'Price', 'Covers', 'Actions']}
            scrolls
          >
            {packages.data.map((item) => (
              <tr key={item.id} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-medium">
                  {item.name}
                  {item.isActive ? null : (
                    <Badge variant="outline" className="ml-2">
                      Not on sale
                    </Badge>
                  )}
                </th>
                <td className="px-3 py-2 tabular-nums">{item.sessions}</td>
                <td className="px-3 py-2 tabular-nums">{formatMoney(item.priceCents)}</td>
                <td className="px-3 py-2">{item.services.map((service) => service.name).join(', ')}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${item.name}`}
                      onClick={() => setEditing({ package: item })}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${item.name}`}
                      disabled={remove.isPending}
                      onClick={() => deleteOne(item)}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <div>
          <Button size="sm" variant="outline" onClick={() => setEditing({ package: null })}>
            <Plus aria-hidden="true" />
            New package
          </Button>
        </div>
      </CardContent>
      <PackageDialog
        editing={editing?.package ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </Card>
  );
}
