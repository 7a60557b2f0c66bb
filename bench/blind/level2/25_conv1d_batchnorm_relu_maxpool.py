"""Conv1d 128 -> 256, kernel 5, BatchNorm1d (eval), ReLU, MaxPool1d(2): (32, 128, 8192) -> (32, 256, 4096)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, 5, padding=2, bias=False)
        self.bn = nn.BatchNorm1d(out_channels)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(out_channels) * 0.1)
            self.bn.running_var.copy_(torch.rand(out_channels) + 0.5)
            self.bn.weight.copy_(torch.rand(out_channels) + 0.5)
            self.bn.bias.copy_(torch.randn(out_channels) * 0.1)
        self.pool = nn.MaxPool1d(2)

    def forward(self, x):
        return self.pool(torch.relu(self.bn(self.conv(x))))


batch_size = 32
in_channels = 128
out_channels = 256
length = 8192

SMALL = {"batch_size": 2, "in_channels": 8, "out_channels": 16, "length": 128}


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels]
