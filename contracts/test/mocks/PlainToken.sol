// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title PlainToken (test only)
/// @author CENT Tasks
/// @notice A standard ERC-20 WITHOUT permit, to prove approve + fund works with any token.
contract PlainToken is ERC20 {
    constructor() ERC20("Plain", "PLN") {}

    /// @notice Test faucet.
    /// @param to Recipient.
    /// @param amount Amount.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
