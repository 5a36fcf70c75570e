import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export const STEP1 = {
  first_name: 'Maya',
  last_name: 'Chen',
  email: 'maya@sunbite.example',
  password: 'sunny-gummies-42',
};

/** Fills registration step 1 (English labels) and presses Next. */
export async function completeStep1(user: UserEvent, values = STEP1): Promise<void> {
  await user.type(await screen.findByLabelText('First name'), values.first_name);
  await user.type(screen.getByLabelText('Last name'), values.last_name);
  await user.type(screen.getByLabelText('E-mail'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
}
