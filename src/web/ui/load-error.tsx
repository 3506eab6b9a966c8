import { Alert } from './alert';
import { Button } from './button';

export function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
      <span>{message}</span>
      <Button size="sm" variant="outline" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}
