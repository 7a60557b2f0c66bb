"""Conv1d k3 (256 -> 512, padding 1), GELU, LayerNorm over channels (channels moved last): (64, 256, 4096) -> (64, 4096, 512)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, 3, padding=1)
        self.norm = nn.LayerNorm(out_channels)
        with torch.no_grad():
            self.norm.weight.copy_(torch.randn(out_channels) * 0.1 + 1.0)
            self.norm.bias.copy_(torch.randn(out_channels) * 0.1)

    def forward(self, x):
        y = F.gelu(self.conv(x))
        return self.norm(y.transpose(1, 2))


batch_size = 64
in_channels = 256
out_channels = 512
length = 4096

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "length": 32}


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels]
