import { Center, Loader } from "@mantine/core";
import { useSession } from "../../auth/session";
import { AppLayout } from "../../layout/AppLayout";
import { PublicLayout } from "../../public-site/PublicLayout";

/**
 * The room is for buyers, suppliers and citizens (notices-and-accounts §2.3), and a visitor may
 * watch it read-only (the live channel takes a null token): logged-in users see it in their own
 * layout, visitors in the public site's.
 */
export function RoomLayout() {
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <Center h="100dvh">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  }
  return user ? <AppLayout /> : <PublicLayout />;
}
