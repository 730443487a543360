/** One entry of a customer's address book. */
export interface Address {
  id: string;
  businessName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  isDefault: boolean;
}
