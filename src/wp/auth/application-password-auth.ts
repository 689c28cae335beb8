import type { Db } from '../../db/create-db.js';
import { UserMeta } from '../constants.js';
import { phpSerialize } from '../php/php-values.js';
import { capabilitiesMetaKey } from './roles.js';
import { selectSignInCandidate, updateUserMeta, type UserCredentialsRow } from './users.repository.js';
import {
  findMatchingApplicationPassword,
  normalizeApplicationPassword,
  parseApplicationPasswords,
  withRecordedUsage,
} from './application-passwords.js';
import type { BasicCredentials } from './basic-auth.js';
import { AuthFailures, type AuthFailure } from './errors.js';
import { isEmail, sanitizeEmailLookup, sanitizeLogin } from './user-names.js';

/** A user who signed in, with the capabilities meta the Viewer is built from. */
export interface SignedInUser {
  user: UserCredentialsRow;
  capabilitiesMeta: string | undefined;
}

export type ApplicationPasswordOutcome =
  | {
      ok: true;
      signedIn: SignedInUser;
      /** Whether this sign-in wrote `last_used` / `last_ip` to the user's meta (at most once a day). */
      recordedUsage: boolean;
    }
  | { ok: false; failure: AuthFailure };

export interface ApplicationPasswordRequest {
  credentials: BasicCredentials;
  tablePrefix: string;
  nowSeconds: number;
  /** $_SERVER['REMOTE_ADDR'], written to `last_ip`. */
  remoteAddress: string;
  /** Told when recording the use fails; WordPress signs the user in all the same. */
  onRecordError: (error: unknown) => void;
}

/**
 * wp_authenticate_application_password for an API request on a site using application passwords:
 * the user by login, else by e-mail when the name is one; the password stripped to its letters
 * and digits and checked against each stored hash in order; on success the use recorded
 * (`last_used`, `last_ip`, at most once a day). Unknown names get `invalid_email` or
 * `invalid_username`, a wrong password `incorrect_password`. Never throws for bad input.
 */
export async function authenticateApplicationPassword(db: Db, request: ApplicationPasswordRequest): Promise<ApplicationPasswordOutcome> {
  const { username, password } = request.credentials;
  const nameIsEmail = isEmail(username);
  const capabilitiesKey = capabilitiesMetaKey(request.tablePrefix);
  // For an unknown name the stand-in's passwords are read (in the same statement) and checked, and
  // the answer thrown away: the response then takes as long as a wrong password would.
  const lookup = await selectSignInCandidate(db, sanitizeLogin(username), nameIsEmail ? sanitizeEmailLookup(username) : undefined, [
    UserMeta.applicationPasswords,
    capabilitiesKey,
  ]);
  const { meta } = lookup;
  const supplied = normalizeApplicationPassword(password);
  const items = parseApplicationPasswords(meta.get(UserMeta.applicationPasswords));
  const matched = await findMatchingApplicationPassword(items, supplied);

  if (!lookup.found) {
    return { ok: false, failure: nameIsEmail ? AuthFailures.invalidEmail : AuthFailures.invalidUsername };
  }
  const { user } = lookup;
  if (matched === undefined) return { ok: false, failure: AuthFailures.incorrectPassword };

  const updated = withRecordedUsage(items, matched, request.nowSeconds, request.remoteAddress);
  let recordedUsage = false;
  if (updated) {
    recordedUsage = await updateUserMeta(db, user.ID, UserMeta.applicationPasswords, phpSerialize(updated)).then(
      () => true,
      (error: unknown) => {
        request.onRecordError(error);
        return false;
      },
    );
  }
  return { ok: true, signedIn: { user, capabilitiesMeta: meta.get(capabilitiesKey) }, recordedUsage };
}
