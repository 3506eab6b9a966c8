import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { badRequest } from '../../platform/errors';

export const GUESSABLE_PASSWORD_ERRORS = {
  common: 'This password is too common. Choose one that is harder to guess.',
  repeated: 'This password only repeats a few characters. Choose one that is harder to guess.',
  personal: 'This password is your name or email address. Choose one that is harder to guess.',
} as const;

/**
 * The ranked list of common and breached passwords that password-strength meters use (about 49,000, all
 * lower case). Only those long enough to be chosen here are kept, and the list is read on the first password
 * set, not at start-up. It stays on the server: the browser's bundle never carries it.
 */
let commonPasswords: Promise<Set<string>> | undefined;
function loadCommonPasswords() {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH)),
  );
  return commonPasswords;
}

/** A few characters over and over ('aaaaaaaa', 'abababab', 'abcabcabc'), which guessers try first. */
const isRepetition = (password: string) => /^(.{1,4}?)\1+$/su.test(password);

/** Letters and digits only, in lower case: 'Jordan.Lee' and 'jordan lee' are the same guess. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function isPersonal(password: string, person: PasswordOwner) {
  const typed = bare(password);
  if (!typed) return false;
  const first = bare(person.firstName);
  const last = bare(person.lastName);
  const email = person.email.toLowerCase();
  const guesses = [email, email.split('@')[0], first, last, first + last, last + first];
  return guesses.some((guess) => guess.length > 0 && bare(guess) === typed);
}

export type PasswordOwner = { email: string; firstName: string; lastName: string };

/**
 * Refuses, with a 400 on `field`, a password that is long enough but the first thing an attacker tries:
 * one of the common list, a repeated few characters, or the person's own name or email.
 */
export async function refuseGuessablePassword(
  password: string,
  options: { field: string; owner: PasswordOwner },
) {
  const refuse = (message: string) => badRequest(message, { [options.field]: message });
  if (isRepetition(password)) throw refuse(GUESSABLE_PASSWORD_ERRORS.repeated);
  if (isPersonal(password, options.owner)) throw refuse(GUESSABLE_PASSWORD_ERRORS.personal);
  if ((await loadCommonPasswords()).has(password.toLowerCase()))
    throw refuse(GUESSABLE_PASSWORD_ERRORS.common);
}
