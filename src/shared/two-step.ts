import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';

/** Two-step sign-in (decision 0032): an authenticator app (TOTP) and one-time recovery codes. */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes read as two groups of five, from letters and digits nobody confuses (no 0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_PATTERN = /^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/;

export const TWO_STEP_MESSAGES = {
  codeRequired: 'Enter the 6-digit code',
  codeFormat: 'Enter the 6 digits from your authenticator app',
  secondStepFormat: 'Enter the 6-digit code or a recovery code',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  challengeEnded: 'This sign-in has expired. Please sign in again.',
  notEnabled: 'Two-step sign-in is not turned on for this account.',
  alreadyEnabled: 'Two-step sign-in is already on for this account.',
  noSetup: 'Start the set-up again: no authenticator app is waiting for its first code.',
} as const;

/** A code from the app: six digits; spaces people type between the groups are dropped. */
export const TotpCodeSchema = z
  .string({ error: TWO_STEP_MESSAGES.codeRequired })
  .max(20, TWO_STEP_MESSAGES.codeFormat)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_STEP_MESSAGES.codeFormat));

/** At the second step and to turn it off: a code from the app, or one of the recovery codes. */
export const SecondStepCodeSchema = z
  .string({ error: TWO_STEP_MESSAGES.codeRequired })
  .max(40, TWO_STEP_MESSAGES.secondStepFormat)
  .transform((value) => {
    const compact = value.replace(/\s+/g, '').toLowerCase();
    if (/^\d{6}$/.test(compact)) return compact;
    const bare = compact.replace(/-/g, '');
    return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : compact;
  })
  .pipe(
    z
      .string()
      .refine(
        (code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code),
        TWO_STEP_MESSAGES.secondStepFormat,
      ),
  );

const ChallengeTokenSchema = z
  .string({ error: 'Challenge token is required' })
  .min(1, 'Challenge token is required')
  .max(200);

export const SecondStepMethodSchema = z.enum(['totp', 'recovery']);
export type SecondStepMethod = z.infer<typeof SecondStepMethodSchema>;

/** The password step's answer for an account with a second step, or one the policy requires to enrol. */
export const SecondStepChallengeSchema = z.object({
  secondStep: z.object({
    challengeToken: z.string(),
    methods: z.array(SecondStepMethodSchema),
    enrol: z.boolean().optional(),
  }),
});
export type SecondStepChallenge = z.infer<typeof SecondStepChallengeSchema>;

export const SecondStepInputSchema = z.strictObject({
  challengeToken: ChallengeTokenSchema,
  code: SecondStepCodeSchema,
});
export type SecondStepInput = z.input<typeof SecondStepInputSchema>;

export const TwoStepStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;

/** Set-up, first call: the secret (for typing in), its otpauth:// address, and that address as a QR image. */
export const TotpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

export const TotpConfirmInputSchema = z.strictObject({ code: TotpCodeSchema });
export type TotpConfirmInput = z.input<typeof TotpConfirmInputSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TwoStepDisableInputSchema = z.strictObject({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
  code: SecondStepCodeSchema,
});
export type TwoStepDisableInput = z.input<typeof TwoStepDisableInputSchema>;

export const EnrolStartInputSchema = z.strictObject({ challengeToken: ChallengeTokenSchema });
export type EnrolStartInput = z.input<typeof EnrolStartInputSchema>;

export const EnrolConfirmInputSchema = z.strictObject({
  challengeToken: ChallengeTokenSchema,
  code: TotpCodeSchema,
});
export type EnrolConfirmInput = z.input<typeof EnrolConfirmInputSchema>;

export const SignInPolicySchema = z.strictObject({
  requireForAdmins: z.boolean({ error: 'Choose whether admins need a second step' }),
  requireForPractitioners: z.boolean({ error: 'Choose whether practitioners need a second step' }),
  requireForStaff: z.boolean({ error: 'Choose whether staff need a second step' }),
});
export type SignInPolicy = z.infer<typeof SignInPolicySchema>;
