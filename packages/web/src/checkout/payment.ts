/**
 * The payment sequence shared by the test-mode and Stripe card forms:
 * create the intent on the server, confirm the card with the provider, confirm on the server.
 */

import type { ConfirmPaymentResponse, CreatePaymentIntentResponse } from '@statemint/shared';
import { type PaymentType, paymentAmount, ROUTES } from '@statemint/shared';
import { callApi } from '../api/client';
import { cardFailure, confirmFailure, paymentIntentFailure } from '../lib/messages';

export interface RegistrationData {
  name: string;
  email: string;
  password: string;
}

export interface PaymentRequest {
  type: PaymentType;
  email?: string;
  fileId?: string;
  registrationData?: RegistrationData;
  /** Pay-as-you-go: how many files the payment converts (1 when absent). */
  files?: number;
  /** Bearer goes only with subscription payments (SPEC §7). */
  token: string | null;
}

export class PaymentError extends Error {}

export async function pay(
  req: PaymentRequest,
  confirmCard: (clientSecret: string) => Promise<void>,
): Promise<ConfirmPaymentResponse & { paymentIntentId: string }> {
  const subscription = req.type !== 'payasyougo';
  let intent: CreatePaymentIntentResponse;
  try {
    intent = await callApi(ROUTES.createPaymentIntent, {
      body: {
        amount: paymentAmount(req.type, req.files),
        type: req.type,
        ...(req.type === 'payasyougo' && req.files && req.files > 1 ? { files: req.files } : {}),
        fileId: req.fileId,
        email: req.email ?? req.registrationData?.email,
        registrationData: req.registrationData,
      },
      auth: subscription,
    });
  } catch (e) {
    throw new PaymentError(paymentIntentFailure(e));
  }
  try {
    await confirmCard(intent.clientSecret);
  } catch (e) {
    throw new PaymentError(e instanceof PaymentError ? e.message : cardFailure(e));
  }
  try {
    const confirmed = await callApi(ROUTES.confirmPayment, {
      // The client secret proves this is the browser that paid: a checkout sign-up is logged in only with it.
      body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret },
      auth: subscription && req.token !== null,
    });
    return { ...confirmed, paymentIntentId: intent.paymentIntentId };
  } catch (e) {
    throw new PaymentError(confirmFailure(e));
  }
}
