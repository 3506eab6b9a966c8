import { CreditCard, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  CARD_CONSENT,
  type CardSetupAnswer,
  cardExpiry,
  cardLabel,
  SAVED_CARD_ERRORS,
  type SavedCard,
} from '../../../shared/saved-cards';
import { isApiRequestError } from '../../lib/api-error';
import { useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { CardSetup, type SetupOutcome } from '../payments';
import { startCardSetup, useRemoveCard, useSaveCard, useSavedCards, useSessionBilling } from './cards-api';

const messageOf = (caught: unknown, fallback: string) =>
  isApiRequestError(caught) && caught.message ? caught.message : fallback;

/**
 * My Billing's 'Card on file': the patient's saved cards (brand, last 4, expiry, when they consented), adding
 * one through the provider's form with the consent box, and removing one after a confirmation. Shown only
 * while the clinic bills sessions.
 */
export function CardsOnFile() {
  const isOn = useSessionBilling();
  const cards = useSavedCards(null, isOn);
  const [setup, setSetup] = useState<CardSetupAnswer | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  if (!isOn) return null;

  const add = async () => {
    setStarting(true);
    try {
      setSetup(await startCardSetup());
    } catch (caught) {
      toast.error('Could not start adding a card', { description: messageOf(caught, 'Please try again.') });
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card aria-labelledby="card-on-file-title">
      <CardHeader>
        <CardTitle id="card-on-file-title">Card on file</CardTitle>
        <CardDescription>
          The clinic can charge a saved card for your sessions and invoices, with your consent. The card
          number goes to the payment provider only.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {cards.isPending ? (
          <LoadingState label="Loading your cards…" />
        ) : cards.isError ? (
          <Alert variant="error">{cards.error.message || 'Could not load your cards.'}</Alert>
        ) : cards.data.cards.length === 0 ? (
          <p className="text-muted-foreground text-sm">No card on file.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {cards.data.cards.map((card) => (
              <SavedCardRow key={card.id} card={card} onRemove={() => setRemoving(card)} />
            ))}
          </ul>
        )}
        <div>
          <Button size="sm" variant="outline" onClick={() => void add()} disabled={isStarting}>
            <Plus aria-hidden="true" />
            Add a card
          </Button>
        </div>
      </CardContent>
      <AddCardDialog setup={setup} onClose={() => setSetup(null)} />
      <RemoveCardDialog card={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function SavedCardRow({ card, onRemove }: { card: SavedCard; onRemove: () => void }) {
  const format = useFormatter();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
      <div className="flex min-w-0 items-center gap-3">
        <CreditCard aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="font-medium">{cardLabel(card)}</p>
          <p className="text-muted-foreground text-sm">
            Expires {cardExpiry(card)} · consent given {format.date(card.consentAt)}
          </p>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${cardLabel(card)}`}>
        Remove
      </Button>
    </li>
  );
}

function AddCardDialog({ setup, onClose }: { setup: CardSetupAnswer | null; onClose: () => void }) {
  const save = useSaveCard();
  const consentId = useId();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const close = () => {
    setConsent(false);
    setConsentError(null);
    setFailure(null);
    onClose();
  };

  const settle = async (outcome: SetupOutcome) => {
    if (outcome.status === 'failed') {
      setFailure(outcome.message ?? 'The card could not be saved.');
      setAttempt((count) => count + 1);
      return;
    }
    try {
      const { card } = await save.mutateAsync(outcome.setupIntentId);
      toast.success('Card saved', { description: `${cardLabel(card)} is on file.` });
      close();
    } catch (caught) {
      setFailure(messageOf(caught, 'The card could not be saved. Please try again.'));
    }
  };

  return (
    <Dialog open={setup !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {setup ? (
        <DialogContent closeLabel="Close add a card">
          <DialogHeader>
            <DialogTitle>Add a card</DialogTitle>
            <DialogDescription>
              Nothing is charged now. You can remove the card at any time.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3">
            {failure ? <Alert variant="error">{failure}</Alert> : null}
            <CardSetup
              key={attempt}
              clientSecret={setup.clientSecret}
              submitLabel="Save card"
              onOutcome={settle}
              onBeforeSubmit={() => {
                setConsentError(consent ? null : SAVED_CARD_ERRORS.consent);
                return consent;
              }}
              actions={
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
              }
            >
              <div className="flex flex-col gap-1">
                <label htmlFor={consentId} className="flex items-start gap-2 text-sm">
                  <input
                    id={consentId}
                    type="checkbox"
                    className="mt-1"
                    checked={consent}
                    aria-invalid={consentError ? true : undefined}
                    aria-describedby={consentError ? `${consentId}-error` : undefined}
                    onChange={(event) => {
                      setConsent(event.target.checked);
                      if (event.target.checked) setConsentError(null);
                    }}
                  />
                  <span>{CARD_CONSENT.text}</span>
                </label>
                {consentError ? (
                  <p id={`${consentId}-error`} className="text-destructive text-sm">
                    {consentError}
                  </p>
                ) : null}
              </div>
            </CardSetup>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RemoveCardDialog({ card, onClose }: { card: SavedCard | null; onClose: () => void }) {
  const remove = useRemoveCard();
  const confirm = async () => {
    if (!card) return;
    try {
      await remove.mutateAsync(card.id);
      toast.success('Card removed', { description: `${cardLabel(card)} is no longer on file.` });
      onClose();
    } catch (caught) {
      toast.error('Could not remove the card', { description: messageOf(caught, 'Please try again.') });
    }
  };
  return (
    <Dialog open={card !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {card ? (
        <DialogContent closeLabel="Close remove card">
          <DialogHeader>
            <DialogTitle>Remove this card?</DialogTitle>
            <DialogDescription>
              {cardLabel(card)} is removed and the clinic can no longer charge it. Invoices already paid stay
              paid.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep card</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
              Remove card
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
