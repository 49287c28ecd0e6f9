import { useSession } from "../auth/session";
import { BuyerRenewal } from "../buyer-registration/BuyerRenewal";
import { MenuEntryPage } from "../layout/FeaturePages";
import { SupplierRenewal } from "../supplier-registration/SupplierRenewal";

/**
 * /renovacao-de-cadastro (§2.2 menu entry of buyers and suppliers): the edit variant of the buyer
 * wizard for a body's user, the registration data for a supplier.
 */
export function RegistrationRenewalPage() {
  const { user } = useSession();
  if (user?.kind === "BUYER") return <BuyerRenewal />;
  if (user?.kind === "SUPPLIER") return <SupplierRenewal />;
  return <MenuEntryPage />;
}
