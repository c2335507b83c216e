import { useMutation } from 'urql';
import { UpdateAgentProfileBasicDetailsMutation } from '@/components/agent-profile/agent-profile-api';

export const useUpdateBasicDetails = () => useMutation(UpdateAgentProfileBasicDetailsMutation);
