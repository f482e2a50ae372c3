// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title LogEmitter (test only)
/// @author CENT Tasks
/// @notice Emits any log at all: any number of topics (0-4), any words, any data. The indexer's tests point
/// a follower at it to feed it what no honest TaskEscrow emits (words past their ABI width, missing topics,
/// short data) and check that every such log is recorded with its outcome and the follower goes on.
contract LogEmitter {
    /// @notice One raw log.
    /// @param topics Its topics (at most 4; topics[0] is the event signature hash).
    /// @param data Its data.
    struct RawLog {
        bytes32[] topics;
        bytes data;
    }

    /// @notice Emits `logs`, in order, in this transaction.
    /// @param logs The logs.
    function emitLogs(RawLog[] calldata logs) external {
        for (uint256 i = 0; i < logs.length; i++) {
            bytes32[] calldata t = logs[i].topics;
            bytes memory data = logs[i].data;
            uint256 n = t.length;
            assembly {
                let p := add(data, 32)
                let len := mload(data)
                let t0 := calldataload(t.offset)
                let t1 := calldataload(add(t.offset, 32))
                let t2 := calldataload(add(t.offset, 64))
                let t3 := calldataload(add(t.offset, 96))
                switch n
                case 0 { log0(p, len) }
                case 1 { log1(p, len, t0) }
                case 2 { log2(p, len, t0, t1) }
                case 3 { log3(p, len, t0, t1, t2) }
                default { log4(p, len, t0, t1, t2, t3) }
            }
        }
    }
}
