import type { TThreadsResponse } from "@gyeol/shared/contracts/ai";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeError } from "../../../lib/api-errors.ts";
import { chatKeys, deleteThread, fetchThreads, renameThread } from "../api/chat-api.ts";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The thread list (spec 02 §2.6; issue 14): search on a pause, delete after confirming (the open
 * thread closes), rename shown at once and put back on a failure.
 */
export function useChatThreads({
  isSignedIn,
  openThreadId,
  onClosed,
}: {
  isSignedIn: boolean;
  openThreadId: string | null;
  /** The open thread was deleted: the page goes back to a new conversation. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [toDelete, setToDelete] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const threads = useQuery({
    queryKey: chatKeys.threads(query),
    queryFn: () => fetchThreads(query),
    enabled: isSignedIn,
    placeholderData: (previous) => previous,
  });

  const remove = useMutation({
    mutationFn: deleteThread,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.allThreads });
      if (id === openThreadId) onClosed();
      setToDelete(null);
    },
    onError: () => {
      toast.error(t("chat.deleteFailed"));
      setToDelete(null);
    },
  });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameThread(id, title),
    onMutate: ({ id, title }) => {
      // The new name shows at once; a failure puts the lists back.
      queryClient.setQueriesData<TThreadsResponse>({ queryKey: chatKeys.allThreads }, (old) =>
        old ? { ...old, threads: old.threads.map((th) => (th.id === id ? { ...th, title } : th)) } : old,
      );
    },
    onError: (error) => toast.error(describeError(error, t, t("chat.renameFailed"))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: chatKeys.allThreads }),
  });

  return {
    threads,
    search,
    query,
    setSearch,
    toDelete,
    setToDelete,
    confirmDelete: () => toDelete && remove.mutate(toDelete),
    isDeleting: remove.isPending,
    rename: (id: string, title: string) => rename.mutate({ id, title }),
  };
}
