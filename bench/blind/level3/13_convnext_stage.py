"""ConvNeXt-style stage: 4x4 patchify stem with channels-last LayerNorm, three blocks (depthwise 7x7, LayerNorm, Linear 4x expand, GELU, Linear, layer scale, residual), pooled LayerNorm and linear head: (32, 3, 256, 256) -> (32, 1000)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.ln = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(torch.full((dim,), 0.1))

    def forward(self, x):                                   # x: (B, C, H, W)
        y = self.dw(x).permute(0, 2, 3, 1)                  # channels last
        y = self.fc2(F.gelu(self.fc1(self.ln(y)))) * self.gamma
        return x + y.permute(0, 3, 1, 2)


class Model(nn.Module):
    def __init__(self, in_channels, dim, depth, num_classes):
        super().__init__()
        self.stem = nn.Conv2d(in_channels, dim, 4, stride=4)
        self.stem_ln = nn.LayerNorm(dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.ln = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.stem(x)
        x = self.stem_ln(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)
        x = self.blocks(x)
        return self.head(self.ln(torch.mean(x, dim=(2, 3))))


batch_size = 32
in_channels = 3
image_size = 256
dim = 96
depth = 3
num_classes = 1000

SMALL = {"batch_size": 2, "image_size": 32, "dim": 16, "depth": 2, "num_classes": 10}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, dim, depth, num_classes]
