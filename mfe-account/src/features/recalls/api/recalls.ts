// Recalls (issue 42, decision 074): the receiving organisation's notices and its answer, and the
// staff's list, follow-up, opening and export. One file per side of the same API.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile, portalApi } from '@portal/shared/api';
import { MyRecallListSchema, MyRecallSchema, RecallListSchema, RecallSchema, type RecallAnswer, type RecallClose, type RecallCorrect, type RecallOpen, type ReceivedBy } from '@portal/shared/schemas/account';

const recallsKey = ['account', 'recalls'] as const;

/** The notices of the caller's organisation (none for staff). */
export const useMyRecalls = () => useQuery(queryOptions({ queryKey: [...recallsKey, 'mine'], queryFn: ({ signal }) => portalApi().get('/recalls', { schema: MyRecallListSchema, signal }) }));

/** Which of the caller's notices (decision 086): their own as a web-shop customer, else the default (the organisation's). */
const noticeQuery = (receivedBy?: ReceivedBy) => (receivedBy ? `?received_by=${receivedBy}` : '');

export const useMyRecall = (id: string, receivedBy?: ReceivedBy) =>
  useQuery({ queryKey: [...recallsKey, 'mine', id, receivedBy ?? 'default'], queryFn: ({ signal }) => portalApi().get(`/recalls/${encodeURIComponent(id)}${noticeQuery(receivedBy)}`, { schema: MyRecallSchema, signal }) });

export function useAnswerRecall(id: string, receivedBy?: ReceivedBy) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallAnswer) => portalApi().put(`/recalls/${encodeURIComponent(id)}/answer${noticeQuery(receivedBy)}`, { body, schema: MyRecallSchema }),
    // The dashboard's banner reads ['recalls', 'open']: it goes once answered.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: recallsKey }), queryClient.invalidateQueries({ queryKey: ['recalls'] })]),
  });
}

/** Every recall with its figures (staff). */
export const useStaffRecalls = () => useQuery({ queryKey: [...recallsKey, 'staff'], queryFn: ({ signal }) => portalApi().get('/staff/recalls', { schema: RecallListSchema, signal }) });

export const useStaffRecall = (id: string) =>
  useQuery({ queryKey: [...recallsKey, 'staff', id], queryFn: ({ signal }) => portalApi().get(`/staff/recalls/${encodeURIComponent(id)}`, { schema: RecallSchema, signal }) });

export function useOpenRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallOpen) => portalApi().post('/staff/recalls', { body, schema: RecallSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recallsKey }),
  });
}

/** Staff widen an open recall or fix its texts (decision 080); the buyers' banners and lists follow. */
export function useCorrectRecall(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallCorrect) => portalApi().patch(`/staff/recalls/${encodeURIComponent(id)}`, { body, schema: RecallSchema }),
    onSuccess: (recall) => {
      queryClient.setQueryData([...recallsKey, 'staff', id], recall);
      return queryClient.invalidateQueries({ queryKey: recallsKey });
    },
  });
}

/** Staff close a recall with its note (decision 080). */
export function useCloseRecall(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallClose) => portalApi().post(`/staff/recalls/${encodeURIComponent(id)}/close`, { body, schema: RecallSchema }),
    onSuccess: (recall) => {
      queryClient.setQueryData([...recallsKey, 'staff', id], recall);
      return Promise.all([queryClient.invalidateQueries({ queryKey: recallsKey }), queryClient.invalidateQueries({ queryKey: ['recalls'] })]);
    },
  });
}

/** The follow-up as CSV for the competent authority, saved as a file. */
export const downloadRecallCsv = (id: string, name: string) => downloadFile(`/staff/recalls/${encodeURIComponent(id)}/export.csv`, 'portal', `recall-${name}.csv`, 'text/csv');
