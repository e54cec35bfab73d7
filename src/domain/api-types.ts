/** Shapes of API answers, shared by the server that sends them and the client that reads them. */

export type PlanType = "monthly" | "annual";
export type SubscriptionType = "Paid" | "Free";

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  phone: string;
  lastLoginAt: string | null;
  needsPasswordSetup: boolean;
  isAdmin: boolean;
  preferences: { emailAlerts: boolean; destinations: string[]; maxPrice: number; nonstopOnly: boolean };
  createdAt: string;
  planType: PlanType | null;
  subscriptionType: SubscriptionType;
  subscriptionStatus: string;
  stripeSubscriptionId: string | null;
}

export interface PublicConfig {
  supportEmail: string;
  billing: { mode: "test" | "stripe"; publishableKey: string | null; checkout: "embedded" | "hosted" };
}

export interface ContactRequest {
  email: string;
  name: string;
  subject: string;
  description: string;
}

export interface OkResponse {
  success: true;
  message?: string;
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  address: string;
  phone: string;
}
