export { describeRemoteContract, routeLookups } from './remote-contract';
