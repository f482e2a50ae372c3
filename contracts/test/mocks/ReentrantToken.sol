// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ReentrantToken (test only)
/// @author CENT Tasks
/// @notice A malicious ERC-20 that, once armed, calls back into `target` with `data` from inside
///         its next transfer (including transferFrom), bubbling up any revert.
contract ReentrantToken is ERC20 {
    address private _target;
    bytes private _data;

    constructor() ERC20("Reentrant", "REE") {}

    /// @notice Test faucet.
    /// @param to Recipient.
    /// @param amount Amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Arms the hook: the next non-mint transfer calls `target` with `data`.
    /// @param target Contract to re-enter.
    /// @param data Calldata of the re-entering call.
    function arm(address target, bytes calldata data) external {
        _target = target;
        _data = data;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address target = _target;
        if (target != address(0) && from != address(0)) {
            _target = address(0);
            // solhint-disable-next-line avoid-low-level-calls
            (bool ok, bytes memory ret) = target.call(_data);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 32), mload(ret))
                }
            }
        }
    }
}
