/*
 * The WP_Errors WordPress's authentication returns, with the HTTP status the REST API serves them
 * with: application password failures get 401 from rest_application_password_check_errors, a bad
 * REST nonce 403 from rest_cookie_check_errors.
 */

export interface AuthFailure {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

export const AuthFailures = {
  invalidUsername: {
    code: 'invalid_username',
    message: '<strong>Error:</strong> Unknown username. Check again or try your email address.',
    status: 401,
  },
  invalidEmail: {
    code: 'invalid_email',
    message: '<strong>Error:</strong> Unknown email address. Check again or try your username.',
    status: 401,
  },
  incorrectPassword: {
    code: 'incorrect_password',
    message: 'The provided password is an invalid application password.',
    status: 401,
  },
  cookieInvalidNonce: {
    code: 'rest_cookie_invalid_nonce',
    message: 'Cookie check failed',
    status: 403,
  },
} as const satisfies Record<string, AuthFailure>;
