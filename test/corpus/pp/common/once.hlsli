#pragma once
static const uint kOnce = 0x1Fu;
